namespace Prison.Web.Pages.Prisoners.Recording;

/// <summary>How a <see cref="RecordSave"/> ended, and in words: what was recorded, or why nothing was.</summary>
public sealed record RecordSaveOutcome(RecordSaveResult Result, string Message);
