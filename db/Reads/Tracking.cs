namespace Prison.Db.Reads;

/// <summary>Whether loaded prisoners are tracked, to be changed and saved, or only read.</summary>
public enum Tracking
{
    /// <summary>Read only: to evaluate or show; nothing is kept by the context.</summary>
    Untracked,

    /// <summary>Tracked by the context, so that a save writes what changed.</summary>
    Tracked,
}
