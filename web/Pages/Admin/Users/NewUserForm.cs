using System.ComponentModel.DataAnnotations;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Admin.Users;

/// <summary>
/// A user to add. What the form alone can tell (a name users may have, known roles) it checks itself, with the words of
/// <see cref="UserNames"/> and <see cref="Roles"/>; what only the data can tell (the name taken, a prison beyond the
/// admin's reach) <see cref="StaffAccounts"/> refuses, next to the field given for it (<see cref="Fields"/>).
/// </summary>
public sealed class NewUserForm : IValidatableObject
{
    /// <summary>Nullable so that an empty field reaches <see cref="Validate"/> (and its message) rather than a generic "required".</summary>
    public string? UserName { get; set; }

    public List<string> Roles { get; set; } = [];

    /// <summary>Every prison (headquarters); the codes in <see cref="Prisons"/> are then not read.</summary>
    public bool AllPrisons { get; set; }

    /// <summary>The codes of the prisons they work in.</summary>
    public List<string> Prisons { get; set; } = [];

    public PrisonAccess Access => AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Prisons);

    /// <summary>The field, by its key on the users page, given for each argument of <see cref="StaffAccounts.AddAsync"/> a refusal names.</summary>
    public static IReadOnlyDictionary<string, string> Fields { get; } = new Dictionary<string, string>
    {
        ["name"] = Key(nameof(UserName)),
        ["roles"] = Key(nameof(Roles)),
        ["prisons"] = Key(nameof(Prisons)),
    };

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (UserNames.Problem(UserName?.Trim() ?? string.Empty) is { } name)
        {
            yield return new ValidationResult(name, [nameof(UserName)]);
        }

        if (Db.Identity.Roles.Problem(Roles) is { } roles)
        {
            yield return new ValidationResult(roles, [nameof(Roles)]);
        }
    }

    private static string Key(string property) => $"{nameof(IndexModel.NewUser)}.{property}";
}
