namespace Prison.Web.Pages.Admin.Audit;

/// <summary>One changed value: which part of the record, which field, and its text before and after (null: none).</summary>
public sealed record DiffLine(string Part, string Field, string? Before, string? After);
