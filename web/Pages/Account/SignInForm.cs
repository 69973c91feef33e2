using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Account;

public sealed class SignInForm
{
    /// <summary>
    /// The most an anonymous post may make the server read: a field longer than any name, password or return address,
    /// a few fields, a small body. A longer name or password within it is answered as a wrong password.
    /// </summary>
    public const int MaxField = 4096;

    public const int MaxFields = 16;

    public const int MaxPost = 16 * 1024;

    [Required(ErrorMessage = "Enter your user name.")]
    [Display(Name = "User name")]
    public string UserName { get; set; } = string.Empty;

    [Required(ErrorMessage = "Enter your password.")]
    [DataType(DataType.Password)]
    public string Password { get; set; } = string.Empty;
}
