namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>How a <see cref="RecordSave"/> ended.</summary>
public enum RecordSaveResult
{
    Saved,

    /// <summary>The aggregate refused the entry: nothing saved.</summary>
    Refused,

    /// <summary>The record's version moved between its load and the save: nothing saved.</summary>
    ChangedMeanwhile,

    /// <summary>Another insert took the marker, or a constraint refused the change: nothing saved by this post.</summary>
    Clashed,
}
