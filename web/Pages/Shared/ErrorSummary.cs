using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.Rendering;

namespace Prison.Web.Pages.Shared;

/// <summary>
/// What a refused form or query says at its top (_ErrorSummary.cshtml), the one way every page shows what it refused:
/// each problem once, the form's own first, then each field's in the order the form shows them, a field the form shows
/// linking to it by the id the tag helpers give it. A value no field shows (a link's cursor) is said without a link.
/// </summary>
public sealed record ErrorSummary(IReadOnlyList<(string? FieldId, string Message)> Problems)
{
    public static ErrorSummary Of(ModelStateDictionary state, IEnumerable<string>? fieldOrder = null)
    {
        var order = (fieldOrder ?? []).Select((name, index) => (name, index)).ToDictionary(f => f.name, f => f.index, StringComparer.Ordinal);
        var problems = state
            .Where(entry => entry.Value is { Errors.Count: > 0 })
            .OrderBy(entry => entry.Key.Length == 0 ? -1 : order.GetValueOrDefault(entry.Key, order.Count))
            .SelectMany(entry => entry.Value!.Errors.Select(error => (
                FieldId: order.ContainsKey(entry.Key) ? TagBuilder.CreateSanitizedId(entry.Key, "_") : null,
                error.ErrorMessage)))
            .Where(problem => problem.ErrorMessage.Length > 0)
            .Distinct()
            .ToList();
        return new ErrorSummary(problems);
    }
}
