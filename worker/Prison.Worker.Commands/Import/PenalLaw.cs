using Prison.Domain.Record;

namespace Prison.Worker.Import;

/// <summary>Categories and violence of New York Penal Law sections, for charges read from the custody files.</summary>
public static class PenalLaw
{
    /// <summary>
    /// Violent felony offences of Penal Law §70.02 (classes B to E), by section. Where only some subdivisions of a
    /// section are violent (265.02, 135.35, 230.34), the whole section counts: the files give no subdivision, and a
    /// security department would rather over-count a weapons or trafficking charge than miss one. The homicide
    /// (125) and sex offence (130) articles are violent as a whole, on top of this list.
    /// </summary>
    private static readonly HashSet<string> ViolentSections =
    [
        // assault and related (120, 121)
        "120.02", "120.05", "120.06", "120.07", "120.08", "120.09", "120.10", "120.11", "120.12", "120.18", "120.60",
        "121.12", "121.13",
        // kidnapping, labour trafficking (135)
        "135.20", "135.25", "135.35",
        // burglary (140)
        "140.25", "140.30",
        // arson (150)
        "150.15", "150.20",
        // robbery (160)
        "160.10", "160.15",
        // intimidating a victim or witness (215)
        "215.16", "215.17",
        // sex trafficking (230)
        "230.34",
        // false reports and bombs (240)
        "240.55", "240.60", "240.61", "240.62", "240.63",
        // incest in the first degree (255)
        "255.27",
        // weapons (265)
        "265.02", "265.03", "265.04", "265.08", "265.09", "265.11", "265.12", "265.13", "265.14", "265.19",
        // indoor pyrotechnics (405)
        "405.18",
        // terrorism (490)
        "490.10", "490.15", "490.20", "490.30", "490.35", "490.37", "490.40", "490.47",
    ];

    /// <summary>
    /// By article: 125 homicide, 130 sex offences, 150 arson, 160 robbery, 120 and 121 (assault, strangulation)
    /// assault, 265 weapons, 220 and 221 drugs, 140, 145, 155 and 165 property. In article 135 only unlawful
    /// imprisonment and kidnapping (135.05 to 135.30) are hostage taking; custodial interference, trafficking and
    /// coercion, the rest of the article, are not holding someone hostage and are Other. Everything else is Other.
    /// </summary>
    public static OffenceCategory CategoryOf(int article, string section) => article switch
    {
        125 => OffenceCategory.Homicide,
        130 => OffenceCategory.Sexual,
        150 => OffenceCategory.Arson,
        160 => OffenceCategory.Robbery,
        120 or 121 => OffenceCategory.Assault,
        265 => OffenceCategory.Weapons,
        220 or 221 => OffenceCategory.Drugs,
        140 or 145 or 155 or 165 => OffenceCategory.Property,
        135 when string.CompareOrdinal(section, "135.30") <= 0 => OffenceCategory.HostageTaking,
        _ => OffenceCategory.Other,
    };

    public static bool IsViolent(int article, string section) =>
        article is 125 or 130 || ViolentSections.Contains(section);
}
