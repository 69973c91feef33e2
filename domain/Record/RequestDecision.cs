namespace Prison.Domain.Record;

public enum RequestDecision
{
    Pending,
    Granted,
    Denied,
}
