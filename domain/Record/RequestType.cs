namespace Prison.Domain.Record;

public enum RequestType
{
    /// <summary>Temporary leave, called "vacation" in the original analysis.</summary>
    TemporaryLeave,
    Parole,
    Transfer,
    Visit,
}
