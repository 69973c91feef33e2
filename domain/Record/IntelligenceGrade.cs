namespace Prison.Domain.Record;

public enum IntelligenceGrade
{
    Low,
    Medium,
    High,
}
