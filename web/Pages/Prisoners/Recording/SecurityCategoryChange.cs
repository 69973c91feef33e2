using Prison.Domain.Record;
using Prison.Web.Forms;

namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>The security category, A (highest) to D, or none: the list always starts on the current one, "Not set" included.</summary>
public sealed class SecurityCategoryChange : RecordForm
{
    public override string Kind => "security-category";

    public override string Title => "Change the security category";

    /// <summary>Empty (null) is "Not set", an option of its own.</summary>
    [Unreadable("Choose a security category from the list.")]
    public SecurityCategory? Category { get; set; }

    public override IReadOnlyList<FormField> Fields() =>
    [
        FormField.Choice(
            nameof(Category),
            "Security category",
            [.. Enum.GetValues<SecurityCategory>().Select(c => new FieldOption(c.ToString(), $"Category {c}")), new FieldOption(string.Empty, "Not set")],
            Prisoner.SecurityCategory?.ToString() ?? string.Empty) with { Prompt = null },
    ];

    public override string Apply()
    {
        Prisoner.ChangeSecurityCategory(Category);
        return Category is { } set ? $"Security category changed to {set}." : "Security category cleared.";
    }
}
