namespace Prison.Domain.Record;

public enum DrugTestResult
{
    Negative,
    Failed,
    Refused,
}
