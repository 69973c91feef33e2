using Prison.Db.Identity;

namespace Prison.Db.Tests.Identity;

public class ActorReachTests
{
    private static readonly ActorReach OfPrisonOne = ActorReach.Within([1]);

    [Fact]
    public void Headquarters_manage_and_give_anything()
    {
        var headquarters = ActorReach.Headquarters;

        Assert.True(headquarters.MayManage(true, [], [Roles.Operator]));
        Assert.True(headquarters.MayManage(false, [], [Roles.Operator]));
        Assert.True(headquarters.MayGive(true, []));
        Assert.True(headquarters.MayGrant([Roles.Admin, Roles.Operator]));
    }

    [Fact]
    public void An_admin_of_some_prisons_manages_only_users_whose_every_prison_is_theirs()
    {
        Assert.True(OfPrisonOne.MayManage(false, [1], [Roles.Staff]));
        Assert.True(OfPrisonOne.MayManage(false, [1], [Roles.Admin]));
        Assert.False(OfPrisonOne.MayManage(false, [1, 2], [Roles.Staff]));
        Assert.False(OfPrisonOne.MayManage(false, [2], [Roles.Staff]));
    }

    [Fact]
    public void An_empty_list_of_prisons_is_not_everything_a_user_of_none_or_of_all_or_an_operator_is_headquarters_to_manage()
    {
        Assert.False(OfPrisonOne.MayManage(false, [], [Roles.Operator]));
        Assert.False(OfPrisonOne.MayManage(false, [], [Roles.Staff]));
        Assert.False(OfPrisonOne.MayManage(true, [], [Roles.Staff]));
        Assert.False(OfPrisonOne.MayManage(false, [1], [Roles.Operator]));
        Assert.False(ActorReach.Within([]).MayManage(false, [], [Roles.Staff]));
    }

    [Fact]
    public void An_admin_of_some_prisons_gives_at_least_one_of_their_prisons_never_all_and_grants_neither_Admin_nor_Operator()
    {
        Assert.True(OfPrisonOne.MayGive(false, [1]));
        Assert.False(OfPrisonOne.MayGive(false, []));
        Assert.False(OfPrisonOne.MayGive(false, [1, 2]));
        Assert.False(OfPrisonOne.MayGive(true, []));
        Assert.True(OfPrisonOne.MayGrant([Roles.Staff]));
        Assert.True(OfPrisonOne.MayGrant([]));
        Assert.False(OfPrisonOne.MayGrant([Roles.Admin]));
        Assert.False(OfPrisonOne.MayGrant([Roles.Staff, Roles.Operator]));
    }
}
