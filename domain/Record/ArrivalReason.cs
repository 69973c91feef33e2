namespace Prison.Domain.Record;

public enum ArrivalReason
{
    /// <summary>Received into custody from the community or the courts: the start of a custody episode.</summary>
    NewReception,
    Transfer,
    DisciplinaryTransfer,
}
