namespace Prison.Domain;

/// <summary>A prison. Not named Prison, which is the root namespace.</summary>
public sealed class PrisonFacility
{
    private PrisonFacility()
    {
        Code = string.Empty;
        Name = string.Empty;
    }

    public PrisonFacility(int id, string code, string name)
    {
        Id = id;
        Code = code;
        Name = name;
    }

    public int Id { get; private set; }

    public string Code { get; private set; }

    public string Name { get; private set; }
}
