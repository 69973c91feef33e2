namespace Prison.Web.Pages.Admin.Users;

public sealed class NewUserForm
{
    public string UserName { get; set; } = string.Empty;

    public List<string> Roles { get; set; } = [];
}
