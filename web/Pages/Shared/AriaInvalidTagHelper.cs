using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.AspNetCore.Mvc.Rendering;
using Microsoft.AspNetCore.Mvc.ViewFeatures;
using Microsoft.AspNetCore.Razor.TagHelpers;

namespace Prison.Web.Pages.Shared;

/// <summary>
/// Says to assistive technology what ASP.NET Core's tag helpers say only with a CSS class (input-validation-error):
/// a field bound with asp-for whose value was refused gets aria-invalid="true".
/// </summary>
[HtmlTargetElement("input", Attributes = ForAttribute)]
[HtmlTargetElement("select", Attributes = ForAttribute)]
[HtmlTargetElement("textarea", Attributes = ForAttribute)]
public sealed class AriaInvalidTagHelper : TagHelper
{
    private const string ForAttribute = "asp-for";

    [HtmlAttributeName(ForAttribute)]
    public ModelExpression For { get; set; } = null!;

    [ViewContext]
    [HtmlAttributeNotBound]
    public ViewContext ViewContext { get; set; } = null!;

    /// <summary>After the framework's own input, select and textarea helpers (order -1000).</summary>
    public override int Order => 100;

    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        var name = ViewContext.ViewData.TemplateInfo.GetFullHtmlFieldName(For.Name);
        if (ViewContext.ViewData.ModelState.GetFieldValidationState(name) == ModelValidationState.Invalid)
        {
            output.Attributes.SetAttribute("aria-invalid", "true");
        }
    }
}
