using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Account;

public sealed class SignInForm
{
    [Required(ErrorMessage = "Enter your user name.")]
    [Display(Name = "User name")]
    public string UserName { get; set; } = string.Empty;

    [Required(ErrorMessage = "Enter your password.")]
    [DataType(DataType.Password)]
    public string Password { get; set; } = string.Empty;
}
