using System.ComponentModel.DataAnnotations;

namespace Prison.Web.Pages.Account;

public sealed class TwoFactorSignInForm
{
    [Required(ErrorMessage = "Enter the code your authenticator app shows, or one of your recovery codes.")]
    [StringLength(32, ErrorMessage = "A code has 6 digits; a recovery code 11 characters.")]
    [Display(Name = "Authenticator code or recovery code")]
    public string Code { get; set; } = string.Empty;
}
