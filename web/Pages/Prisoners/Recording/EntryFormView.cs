using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>
/// What _EntryForm.cshtml shows of a recording form: where it posts, its fields with what was typed (as typed, so a
/// refused form shows it back) and what was refused, and the one-time token of this rendering of the form.
/// </summary>
public sealed record EntryFormView(string Action, string Button, IReadOnlyList<FormField> Fields, IReadOnlyDictionary<string, string?> Values, ModelStateDictionary Errors, Guid Submission)
{
    /// <summary>The name the one-time token is posted under.</summary>
    public const string SubmissionField = "Submission";

    public string? ErrorOf(string field) => Errors.ErrorOf(field);

    public string ValueOf(string field) => Values.GetValueOrDefault(field) ?? string.Empty;

    public static string PathOf(string number, string kind) => $"/prisoners/{Uri.EscapeDataString(number)}/record/{kind}";
}
