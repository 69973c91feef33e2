namespace Prison.Worker.Import;

/// <summary>What reverting one imported day undid.</summary>
/// <param name="FileName">The file the day was imported from; null for a day whose import was interrupted before it was recorded.</param>
public sealed record RevertedDay(DateOnly Day, string? FileName)
{
    /// <summary>Inmates the day had touched, put back as the importer knew them before it.</summary>
    public int Inmates { get; set; }

    /// <summary>Entries the day had added (stays, charges, notices, memberships, watches), struck out.</summary>
    public int StruckOut { get; set; }

    /// <summary>Ends the day had recorded (releases, ended memberships and watches, superseded charges), taken back.</summary>
    public int Reopened { get; set; }

    /// <summary>Charges the day had concluded as convicted, pending again.</summary>
    public int ConvictionsTakenBack { get; set; }
}
