namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>How a field is shown: every value travels as text, so a rejected form shows back what was typed.</summary>
public enum FieldKind
{
    Text,
    LongText,
    Date,
    Number,
    Choice,
    Check,
}
