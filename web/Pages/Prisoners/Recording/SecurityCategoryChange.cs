using Prison.Domain;
using Prison.Domain.Record;

namespace Prison.Web.Pages.Prisoners.Recording;

public sealed class SecurityCategoryChange : RecordForm
{
    private const string NotSet = "None";

    public override string Kind => "security-category";

    public override string Title => "Change the security category";

    public override IReadOnlyList<FormField> Fields(Prisoner prisoner, RecordContext context) =>
    [
        FormField.Choice(
            "Category",
            "Security category",
            [.. Enum.GetValues<SecurityCategory>().Select(c => new FieldOption(c.ToString(), $"Category {c}")), new FieldOption(NotSet, "Not set")],
            prisoner.SecurityCategory?.ToString() ?? NotSet),
    ];

    public override string? Apply(Prisoner prisoner, RecordInput input, RecordContext context)
    {
        SecurityCategory? category = string.Equals(input.Raw("Category")?.Trim(), NotSet, StringComparison.OrdinalIgnoreCase)
            ? null
            : input.Choice<SecurityCategory>("Category", "Choose a security category from the list.");
        if (!input.IsValid)
        {
            return null;
        }

        prisoner.ChangeSecurityCategory(category);
        return category is { } set ? $"Security category changed to {set}." : "Security category cleared.";
    }
}
