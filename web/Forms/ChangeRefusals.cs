using Microsoft.AspNetCore.Mvc.ModelBinding;
using Prison.Db;

namespace Prison.Web.Forms;

/// <summary>A change the data refused, shown as a form's own refusals are: next to the field given for what it refuses, else on the form as a whole.</summary>
public static class ChangeRefusals
{
    /// <param name="fields">The key of the field given for each input a refusal may name (<see cref="ChangeRefusedException.Input"/>).</param>
    public static void AddRefusal(this ModelStateDictionary state, ChangeRefusedException refused, IReadOnlyDictionary<string, string>? fields = null) =>
        state.AddModelError(refused.Input is { } input && fields?.GetValueOrDefault(input) is { } key ? key : string.Empty, refused.Message);

    /// <summary>403 for an act the one acting may not do, 400 for a change the data refuses.</summary>
    public static int StatusOf(ChangeRefusedException refused) =>
        refused.Tried is null ? StatusCodes.Status400BadRequest : StatusCodes.Status403Forbidden;
}
