namespace Prison.Db.Reads;

/// <summary>How many of a prison's current prisoners stand at each danger status.</summary>
public sealed record StatusCounts(int Dangerous, int NotDangerous, int Unknown)
{
    public int Total => Dangerous + NotDangerous + Unknown;
}
