namespace Prison.Domain.Record;

public enum ChargeOutcome
{
    Pending,
    Convicted,
    Acquitted,
    Dropped,
}
