using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Profile;

public sealed class TwoFactorResetForm
{
    [Required(ErrorMessage = "Enter your password to turn two-factor sign-in off.")]
    [DataType(DataType.Password)]
    [Display(Name = "Your password")]
    public string Password { get; set; } = string.Empty;
}
