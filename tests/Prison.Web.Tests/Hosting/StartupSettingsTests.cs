using Prison.ServiceDefaults;

namespace Prison.Web.Tests.Hosting;

/// <summary>A setting of this round's that web cannot read stops its start with one sentence naming it, before anything is reached.</summary>
public sealed class StartupSettingsTests
{
    [Theory]
    [InlineData("--Prison:Production=yes", "Prison:Production is \"yes\": it must be true or false.")]
    [InlineData("--ForwardedHeaders:KnownProxies=proxy.example",
        "ForwardedHeaders:KnownProxies has \"proxy.example\": each proxy must be an IP address, such as 10.0.0.5 (a network goes in ForwardedHeaders:KnownNetworks).")]
    [InlineData("--ForwardedHeaders:KnownNetworks=10.0.0.0/33",
        "ForwardedHeaders:KnownNetworks has \"10.0.0.0/33\": each network must be an address and a prefix length, such as 10.0.0.0/24.")]
    [InlineData("--Metrics:Port=http://0.0.0.0:9464", "Metrics:Port is \"http://0.0.0.0:9464\": it must be a port number, from 1 to 65535.")]
    [InlineData("--Metrics:Address=localhost",
        "Metrics:Address is \"localhost\": it must be an IP address, such as 127.0.0.1 (the default) or 0.0.0.0 for every interface.")]
    [InlineData("--Metrics:Url=http://127.0.0.1:9464", "Metrics:Url is no longer read: set Metrics:Port, and Metrics:Address for an address other than 127.0.0.1.")]
    public async Task A_setting_web_cannot_read_stops_the_start_with_one_sentence_naming_it(string setting, string sentence)
    {
        // No server is reached: the settings are read first.
        var nowhere = ServerArguments.For("Host=127.0.0.1;Port=1;Database=none;Username=none", TestServers.RabbitMq, ServerArguments.NewQueuePrefix(), setting);

        var refused = await Assert.ThrowsAsync<StartupException>(() => RunningWeb.StartAsync(nowhere));

        Assert.Equal(sentence, refused.Message);
    }
}
