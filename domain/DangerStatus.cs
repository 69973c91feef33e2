namespace Prison.Domain;

public enum DangerStatus
{
    /// <summary>The record changed and the worker has not evaluated it yet.</summary>
    Unknown,
    NotDangerous,
    Dangerous,
}
