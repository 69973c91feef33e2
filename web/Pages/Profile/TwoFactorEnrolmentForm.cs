using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Profile;

public sealed class TwoFactorEnrolmentForm
{
    [Required(ErrorMessage = "Enter the six-digit code your authenticator app shows.")]
    [StringLength(16, ErrorMessage = "The code has six digits.")]
    [Display(Name = "Code from the app")]
    public string Code { get; set; } = string.Empty;
}
