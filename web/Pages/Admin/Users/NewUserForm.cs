using Prison.Db.Identity;

namespace Prison.Web.Pages.Admin.Users;

public sealed class NewUserForm
{
    /// <summary>Nullable so that an empty field reaches the page's own check (and its message) rather than a generic "required".</summary>
    public string? UserName { get; set; }

    public List<string> Roles { get; set; } = [];

    /// <summary>Every prison (headquarters); the codes in <see cref="Prisons"/> are then not read.</summary>
    public bool AllPrisons { get; set; }

    /// <summary>The codes of the prisons they work in.</summary>
    public List<string> Prisons { get; set; } = [];

    public PrisonAccess Access => AllPrisons ? PrisonAccess.All : PrisonAccess.Only(Prisons);
}
