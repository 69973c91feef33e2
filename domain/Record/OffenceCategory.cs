namespace Prison.Domain.Record;

/// <summary>What kind of offence a charge is for. Whether it is violent is recorded separately on the charge.</summary>
public enum OffenceCategory
{
    Other,
    Homicide,
    Sexual,
    Arson,
    HostageTaking,
    Robbery,
    Assault,
    Drugs,
    Weapons,
    Property,
}
