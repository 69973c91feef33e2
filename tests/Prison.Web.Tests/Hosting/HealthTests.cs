namespace Prison.Web.Tests.Hosting;

public sealed class HealthTests(ProductionFixture system) : IClassFixture<ProductionFixture>
{
    [Theory]
    [InlineData("web", "/health/live")]
    [InlineData("web", "/health/ready")]
    [InlineData("worker", "/health/live")]
    [InlineData("worker", "/health/ready")]
    public async Task Each_host_answers_its_health_endpoints_healthy(string host, string path)
    {
        using var client = new HttpClient { BaseAddress = host == "web" ? system.Web.Address : system.Worker!.Address };

        using var response = await client.GetAsync(path);

        Assert.Equal(200, (int)response.StatusCode);
        Assert.Equal("Healthy", await response.Content.ReadAsStringAsync());
    }
}
