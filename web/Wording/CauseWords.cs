using Prison.Db.History;

namespace Prison.Web.Wording;

/// <summary>What caused a change of verdict, as staff read it.</summary>
public static class CauseWords
{
    public static string Of(VerdictCauseKind cause, string? detail) => cause switch
    {
        VerdictCauseKind.RecordedEntry => detail is null ? "Record changed" : $"Record changed: {Lower(detail)}",
        VerdictCauseKind.WindowClosed => "Window closed or opened: time alone changed what the rules say",
        VerdictCauseKind.RuleSetChanged => detail is null ? "Rules changed" : $"Rules changed (rule set {detail})",
        VerdictCauseKind.Import => detail is null ? "Custody import" : $"Custody import: {detail}",
        VerdictCauseKind.HistoryBegan => "Verdict held when the history began",
        _ => detail is null ? "Evaluated again" : char.ToUpperInvariant(detail[0]) + detail[1..],
    };

    /// <summary>"Added disciplinary notice" reads on after a colon as "added disciplinary notice".</summary>
    private static string Lower(string text) => text.Length > 1 && char.IsUpper(text[0]) && !char.IsUpper(text[1]) ? char.ToLowerInvariant(text[0]) + text[1..] : text;
}
