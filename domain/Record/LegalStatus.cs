namespace Prison.Domain.Record;

public enum LegalStatus
{
    Remand,
    AwaitingTrial,
    Convicted,
}
