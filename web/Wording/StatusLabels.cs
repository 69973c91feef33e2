using Prison.Domain;

namespace Prison.Web.Wording;

public static class StatusLabels
{
    public static string Of(DangerStatus status) => status switch
    {
        DangerStatus.Dangerous => "Dangerous",
        DangerStatus.NotDangerous => "Not dangerous",
        _ => "Unknown",
    };

    public static string CssClass(DangerStatus status) => status switch
    {
        DangerStatus.Dangerous => "badge badge-dangerous",
        DangerStatus.NotDangerous => "badge badge-safe",
        _ => "badge badge-unknown",
    };
}
