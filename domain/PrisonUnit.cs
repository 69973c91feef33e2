namespace Prison.Domain;

/// <summary>A prison (an establishment). Named PrisonUnit so it does not clash with the Prison namespace.</summary>
public sealed class PrisonUnit
{
    private PrisonUnit()
    {
        Code = string.Empty;
        Name = string.Empty;
    }

    public PrisonUnit(int id, string code, string name)
    {
        Id = id;
        Code = code;
        Name = name;
    }

    public int Id { get; private set; }

    public string Code { get; private set; }

    public string Name { get; private set; }
}
