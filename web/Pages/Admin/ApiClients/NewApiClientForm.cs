using System.ComponentModel.DataAnnotations;
using Prison.Db.Api;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Admin.ApiClients;

/// <summary>
/// An API client to register. What the form alone can tell (a name a client may have, known scopes) it checks itself;
/// what only the data can tell (the name taken, no prison given) <see cref="ApiClientRegistry"/> refuses, next to the
/// field given for it (<see cref="Fields"/>).
/// </summary>
public sealed class NewApiClientForm : IValidatableObject
{
    public string? Name { get; set; }

    public List<string> Scopes { get; set; } = [];

    /// <summary>Every prison, asked for explicitly; the codes in <see cref="Prisons"/> are then not read.</summary>
    public bool AllPrisons { get; set; }

    public List<string> Prisons { get; set; } = [];

    public PrisonAccess Access => AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Prisons);

    public static IReadOnlyDictionary<string, string> Fields { get; } = new Dictionary<string, string>
    {
        ["name"] = Key(nameof(Name)),
        ["scopes"] = Key(nameof(Scopes)),
        ["prisons"] = Key(nameof(Prisons)),
    };

    public IEnumerable<ValidationResult> Validate(ValidationContext validationContext)
    {
        if (UserNames.Problem(Name?.Trim() ?? string.Empty) is { } name)
        {
            yield return new ValidationResult(name.Replace("user name", "client name", StringComparison.Ordinal).Replace("the user", "the client", StringComparison.Ordinal), [nameof(Name)]);
        }

        if (Scopes.Count == 0 || Scopes.Any(s => !ApiScopes.All.Contains(s)))
        {
            yield return new ValidationResult($"Choose what it may do: {string.Join(", ", ApiScopes.All)}.", [nameof(Scopes)]);
        }
    }

    private static string Key(string property) => $"{nameof(IndexModel.NewClient)}.{property}";
}
