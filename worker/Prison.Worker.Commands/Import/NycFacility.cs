namespace Prison.Worker.Import;

/// <summary>A real NYC DOC jail the importer places people in (the files do not say where anyone is held).</summary>
public sealed record NycFacility(string Code, string Name)
{
    /// <summary>The only jail for women on Rikers Island.</summary>
    public static NycFacility ForWomen { get; } = new("RMSC", "Rose M. Singer Center");

    /// <summary>Jails for men, in a fixed order: a person's jail is chosen from it by a stable hash of their inmateid.</summary>
    public static IReadOnlyList<NycFacility> ForMen { get; } =
    [
        new("RNDC", "Robert N. Davoren Center"),
        new("GRVC", "George R. Vierno Center"),
        new("AMKC", "Anna M. Kross Center"),
        new("OBCC", "Otis Bantum Correctional Center"),
        new("EMTC", "Eric M. Taylor Center"),
        new("NIC", "North Infirmary Command"),
        new("VCBC", "Vernon C. Bain Center"),
    ];

    public static IReadOnlyList<NycFacility> All { get; } = [.. ForMen, ForWomen];
}
