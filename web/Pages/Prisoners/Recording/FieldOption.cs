namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>One entry of a select list: the value posted and the words shown.</summary>
public sealed record FieldOption(string Value, string Text);
