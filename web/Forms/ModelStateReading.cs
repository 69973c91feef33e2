using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Prison.Web.Forms;

/// <summary>What a form shows back beside each of its fields: its first error, and what was typed in it.</summary>
public static class ModelStateReading
{
    /// <summary>The first message about <paramref name="key"/>, or null.</summary>
    public static string? ErrorOf(this ModelStateDictionary state, string key) =>
        state.TryGetValue(key, out var entry) && entry.Errors.Count > 0 ? entry.Errors[0].ErrorMessage : null;

    /// <summary>"true" for a field that was refused, for aria-invalid; null (no attribute) otherwise.</summary>
    public static string? InvalidOf(this ModelStateDictionary state, string key) => state.ErrorOf(key) is null ? null : "true";

    /// <summary>What was typed for <paramref name="key"/>, as typed; null when nothing was.</summary>
    public static string? TypedOf(this ModelStateDictionary state, string key) =>
        state.TryGetValue(key, out var entry) ? entry.AttemptedValue : null;
}
