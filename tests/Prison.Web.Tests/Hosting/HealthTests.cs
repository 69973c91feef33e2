using System.Text.Json;

namespace Prison.Web.Tests.Hosting;

public sealed class HealthTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    public async Task Each_host_says_it_is_alive(string host)
    {
        using var client = Client(host);

        using var response = await client.GetAsync("/health/live");

        Assert.Equal(200, (int)response.StatusCode);
        Assert.Equal("Healthy", await response.Content.ReadAsStringAsync());
    }

    [Theory]
    [InlineData("web", new[] { "database", "masstransit-bus" })]
    [InlineData("worker", new[] { "database", "event-relay", "hangfire-server", "masstransit-bus" })]
    public async Task Each_host_is_ready_and_names_each_dependency_it_checked(string host, string[] checks)
    {
        using var client = Client(host);

        using var response = await client.GetAsync("/health/ready");
        using var report = JsonDocument.Parse(await response.Content.ReadAsStringAsync());

        Assert.Equal(200, (int)response.StatusCode);
        Assert.Equal("Healthy", report.RootElement.GetProperty("status").GetString());
        Assert.Equal(checks, report.RootElement.GetProperty("checks").EnumerateObject().Select(c => c.Name).Order());
        Assert.All(report.RootElement.GetProperty("checks").EnumerateObject(), c => Assert.Equal("Healthy", c.Value.GetProperty("status").GetString()));
    }

    [Theory]
    [InlineData("web")]
    [InlineData("worker")]
    public async Task Anonymous_callers_are_told_each_dependencys_status_and_nothing_of_what_it_says_of_itself(string host)
    {
        using var client = Client(host);

        using var report = JsonDocument.Parse(await client.GetStringAsync("/health/ready"));

        Assert.All(report.RootElement.GetProperty("checks").EnumerateObject(), c => Assert.Equal(["status"], c.Value.EnumerateObject().Select(p => p.Name)));
    }

    [Fact]
    public async Task A_signed_in_operator_reads_what_each_dependency_says_of_itself_on_web()
    {
        using var report = JsonDocument.Parse(await system.OperatorClient.GetStringAsync("/health/ready"));

        var checks = report.RootElement.GetProperty("checks").EnumerateObject().ToList();
        Assert.All(checks, c => Assert.True(c.Value.TryGetProperty("description", out _), $"{c.Name} has no description"));
        Assert.Contains(checks, c => c.Value.GetProperty("description").ValueKind == JsonValueKind.String);
    }

    private HttpClient Client(string host) => new() { BaseAddress = host == "web" ? system.Web.Address : system.Worker!.Address };
}
