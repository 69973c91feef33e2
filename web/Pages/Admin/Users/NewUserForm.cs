namespace Prison.Web.Pages.Admin.Users;

public sealed class NewUserForm
{
    /// <summary>Nullable so that an empty field reaches the page's own check (and its message) rather than a generic "required".</summary>
    public string? UserName { get; set; }

    public List<string> Roles { get; set; } = [];
}
