namespace Prison.Domain.Record;

public enum EscapeKind
{
    Escape,
    AttemptedEscape,
    /// <summary>Failed to return from temporary release.</summary>
    Absconded,
}
