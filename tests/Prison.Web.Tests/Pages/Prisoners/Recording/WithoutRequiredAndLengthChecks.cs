using System.ComponentModel.DataAnnotations;
using Microsoft.AspNetCore.Mvc.ModelBinding.Validation;

namespace Prison.Web.Tests.Pages.Prisoners.Recording;

/// <summary>
/// A test-only fault: the last validator provider, taking out every Required and StringLength check the others made,
/// so that a missing or too long value passes the form and reaches the record.
/// </summary>
public sealed class WithoutRequiredAndLengthChecks : IModelValidatorProvider
{
    public void CreateValidators(ModelValidatorProviderContext context)
    {
        foreach (var item in context.Results.Where(item => item.ValidatorMetadata is RequiredAttribute or StringLengthAttribute).ToList())
        {
            context.Results.Remove(item);
        }
    }
}
