namespace Prison.Web.Pages.Prisoners.Sections;

/// <summary>The groups of the prisoner page's record, in the order the page shows them.</summary>
public enum RecordGroup
{
    Custody,
    Legal,
    Discipline,
    Escape,
    Intelligence,
    Health,
    Requests,
}
