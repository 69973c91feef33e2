using Microsoft.Extensions.Configuration;

using Prison.ServiceDefaults;

namespace Prison.Runtime.Events;

/// <param name="Retention">How long a relayed event stays in the outbox before it is pruned (Events:Retention).</param>
public sealed record EventSettings(TimeSpan Retention)
{
    public static EventSettings From(IConfiguration configuration) =>
        new(TimeSpanSetting.Read(configuration, "Events:Retention", TimeSpan.FromMinutes(1), TimeSpan.FromDays(3650), TimeSpan.FromDays(7)));
}
