using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Profile;

public sealed class TwoFactorEnrolmentForm
{
    [Required(ErrorMessage = "Enter the six-digit code your authenticator app shows.")]
    [StringLength(16, ErrorMessage = "The code has six digits.")]
    [Display(Name = "Code from the app")]
    public string Code { get; set; } = string.Empty;

    /// <summary>Asked again, so that a session left open (or stolen) cannot give the account a second factor of its holder's.</summary>
    [Required(ErrorMessage = "Enter your password to turn two-factor sign-in on.")]
    [DataType(DataType.Password)]
    [Display(Name = "Your password")]
    public string Password { get; set; } = string.Empty;
}
