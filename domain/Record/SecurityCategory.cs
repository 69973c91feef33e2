namespace Prison.Domain.Record;

/// <summary>A is the highest security category, D the lowest.</summary>
public enum SecurityCategory
{
    A,
    B,
    C,
    D,
}
