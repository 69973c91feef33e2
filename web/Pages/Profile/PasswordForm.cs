using System.ComponentModel.DataAnnotations;
using Prison.Db.Identity;

namespace Prison.Web.Pages.Profile;

public sealed class PasswordForm
{
    [Required(ErrorMessage = "Enter your current password.")]
    [DataType(DataType.Password)]
    [Display(Name = "Current password")]
    public string CurrentPassword { get; set; } = string.Empty;

    [Required(ErrorMessage = "Enter a new password.")]
    [StringLength(Passwords.MaxLength, ErrorMessage = "A password has at most {1} characters.")]
    [DataType(DataType.Password)]
    [Display(Name = "New password")]
    public string NewPassword { get; set; } = string.Empty;

    [Required(ErrorMessage = "Enter the new password again.")]
    [DataType(DataType.Password)]
    [Compare(nameof(NewPassword), ErrorMessage = "The two new passwords differ.")]
    [Display(Name = "New password again")]
    public string ConfirmPassword { get; set; } = string.Empty;
}
