namespace Prison.Db.Import;

/// <summary>What an imported day did to an entry of a prisoner's record, and so what reverting the day undoes.</summary>
public enum EntryChange
{
    /// <summary>Recorded it (a stay, a charge, a notice, a membership, a watch): reverting strikes it out.</summary>
    Added,

    /// <summary>Ended it (a stay left, a membership or watch ended, a charge superseded): reverting reopens it.</summary>
    Ended,

    /// <summary>Concluded a pending charge as convicted: reverting makes it pending again.</summary>
    Convicted,
}
