namespace Prison.Db.History;

/// <summary>What made the product reach a verdict. Stored by name, so the history reads the same whatever the enum's order.</summary>
public enum VerdictCauseKind
{
    /// <summary>A change of the record saved through the aggregate: staff recording an entry, striking one out, a correction.</summary>
    RecordedEntry,

    /// <summary>Time alone: a rule's window closed or opened (the verdict's re-evaluation time had passed).</summary>
    WindowClosed,

    /// <summary>Another rule set came into force: a rule enabled or disabled, added or versioned.</summary>
    RuleSetChanged,

    /// <summary>A custody-file import, or its revert, changed the record.</summary>
    Import,

    /// <summary>Anything else: a re-evaluation that found the verdict changed for none of the reasons above.</summary>
    Other,

    /// <summary>The verdict a prisoner already had when the history began (migration 013): not a change anyone made then.</summary>
    HistoryBegan,
}
