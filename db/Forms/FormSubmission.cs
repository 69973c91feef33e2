namespace Prison.Db.Forms;

/// <summary>
/// A recording form that was saved, by the one-time token its page carried. Inserted in the transaction of the entry
/// it saved, under the token as primary key: the same form posted again (a double click, back and submit again, two
/// posts at once) cannot save a second time, since only one insert of a token can commit.
/// </summary>
public sealed class FormSubmission
{
    public const int MaxKind = 40;

    private FormSubmission()
    {
        Kind = string.Empty;
    }

    public FormSubmission(Guid token, Guid prisonerId, string kind, DateTime savedAtUtc)
    {
        Token = token;
        PrisonerId = prisonerId;
        Kind = kind;
        SavedAtUtc = savedAtUtc;
    }

    public Guid Token { get; private set; }

    public Guid PrisonerId { get; private set; }

    /// <summary>Which form: the kind in its address (disciplinary-notice, transfer, ...).</summary>
    public string Kind { get; private set; }

    public DateTime SavedAtUtc { get; private set; }
}
