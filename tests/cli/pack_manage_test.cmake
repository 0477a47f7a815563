# Multi-step tests of `anvil pack validate|install|list|remove` (tests/cli/CMakeLists.txt): each
# CASE runs several commands against its own empty $ANVIL_HOME and checks files as well as
# output.
#
#   cmake -DANVIL=<anvil> -DCASE=<name> -DWORK=<scratch folder> -DDATA=<tests/cli/data>
#         [-DNATIVE=<plugin-packs folder>] -P pack_manage_test.cmake
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/home)
set(ENV{ANVIL_HOME} ${WORK}/home)
set(packs ${WORK}/home/packs)

# run(<exit> <regex or ""> <arg>...): runs anvil; its stdout+stderr is left in ${last}.
function(run expect_exit regex)
  execute_process(COMMAND ${ANVIL} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  set(last "${out}${err}")
  set(report "anvil ${ARGN}\n  exit status: ${status}\n  output:\n${last}")
  set(last "${last}" PARENT_SCOPE)
  set(report "${report}" PARENT_SCOPE)
  if(NOT status STREQUAL "${expect_exit}")
    message(FATAL_ERROR "expected exit status ${expect_exit}\n${report}")
  endif()
  if(NOT "${regex}" STREQUAL "" AND NOT last MATCHES "${regex}")
    message(FATAL_ERROR "output does not match '${regex}'\n${report}")
  endif()
endfunction()

function(expect_no regex)
  if(last MATCHES "${regex}")
    message(FATAL_ERROR "output matches '${regex}', which it must not\n${report}")
  endif()
endfunction()

# A listing of every file under the home, to compare before and after.
function(snapshot out)
  file(GLOB_RECURSE files LIST_DIRECTORIES true RELATIVE ${WORK}/home ${WORK}/home/*)
  list(SORT files)
  set(${out} "${files}" PARENT_SCOPE)
endfunction()

# write_pack(<folder> <name> <version> [<extra manifest lines>]): a pack with one card.
function(write_pack dir name version)
  string(JOIN "\n" extra ${ARGN})
  file(WRITE ${dir}/pack.yaml
       "name: ${name}\nversion: ${version}\ndescription: A test pack\nengine: \"*\"\n"
       "rules: classic\ncards: [cards/*.yaml]\n${extra}\n")
  file(WRITE ${dir}/cards/card.yaml
       "- name: ${name} Bear\n  types: Creature — Bear\n  power: 2\n  toughness: 2\n")
endfunction()

if(CASE STREQUAL "InstallKilledMidwayChangesNothing")
  snapshot(before)
  # SIGKILL at the rename that would install packs/tiny/1.0.0: staged and validated, not yet in
  # place. The kill comes from the LD_PRELOAD library (kill_at_rename.cpp), not from anvil.
  set(saved_asan "$ENV{ASAN_OPTIONS}")
  set(ENV{LD_PRELOAD} ${KILL_SHIM})
  set(ENV{ANVIL_TEST_KILL_AT_RENAME_TO} "/packs/tiny/1.0.0")
  # Under AddressSanitizer the preloaded library comes before the ASan runtime; allow that.
  set(ENV{ASAN_OPTIONS} "${saved_asan}:verify_asan_link_order=0")
  execute_process(COMMAND ${ANVIL} pack install ${DATA}/archives/good.tar.gz
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  unset(ENV{LD_PRELOAD})
  unset(ENV{ANVIL_TEST_KILL_AT_RENAME_TO})
  set(ENV{ASAN_OPTIONS} "${saved_asan}")
  if(NOT status MATCHES "[Kk]illed|^9$|^137$")
    message(FATAL_ERROR "the install was to be killed at its final rename, but ended with '${status}'")
  endif()
  if(EXISTS ${packs}/tiny/1.0.0)
    message(FATAL_ERROR "a killed install left ${packs}/tiny/1.0.0 behind")
  endif()
  run(0 "" pack list)
  expect_no("tiny")
  # The staging folder of the killed process is hidden from find_packs(); the next install
  # works and removes it.
  file(GLOB abandoned ${packs}/.staging-*)
  if(NOT abandoned)
    message(FATAL_ERROR "the killed install left no staging folder: was it killed midway?")
  endif()
  run(0 "installed tiny 1\\.0\\.0 \\(1 card\\)" pack install ${DATA}/archives/good.tar.gz)
  file(GLOB abandoned ${packs}/.staging-*)
  if(abandoned)
    message(FATAL_ERROR "the abandoned staging folder was not cleaned up: ${abandoned}")
  endif()
  run(0 "tiny +1\\.0\\.0 +classic +yes +installed" pack list)

elseif(CASE STREQUAL "HostileArchivesAreRefusedAndChangeNothing")
  run(0 "" pack install ${DATA}/archives/good.tar.gz)
  snapshot(before)
  foreach(pair IN ITEMS "dotdot|uses '\\.\\.'" "absolute|has an absolute path"
                        "symlink-out|is a symlink" "hardlink|is a hardlink"
                        "device|is not a regular file or folder"
                        "bomb|is over the limit of 67108864 bytes"
                        "sparse|is a sparse file"
                        "file-and-folder|is inside a path that is also a file of the archive")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 archive)
    list(GET pair 1 why)
    run(1 "${archive}\\.tar\\.gz: entry '[^']+' ${why}.*refused" pack install
        ${DATA}/archives/${archive}.tar.gz)
    expect_no("\\.staging-|filesystem error")
    snapshot(after)
    if(NOT after STREQUAL before)
      message(FATAL_ERROR "${archive}.tar.gz changed the home:\n${before}\n->\n${after}")
    endif()
  endforeach()
  run(1 "two-packs\\.tar\\.gz' holds 2 packs \\(other, tiny\\); install them one at a time"
      pack install ${DATA}/archives/two-packs.tar.gz)
  if(EXISTS ${WORK}/evil.txt OR EXISTS ${WORK}/home/evil.txt OR EXISTS /tmp/anvil-evil.txt)
    message(FATAL_ERROR "a hostile archive wrote outside the pack")
  endif()

elseif(CASE STREQUAL "ValidateListsEveryProblemAndChangesNothing")
  set(p ${WORK}/bad)
  write_pack(${p} bad 1.0.0 "requires:\n  plugins: {no-such-plugin: \"^1.0\", format-yaml: \"^9.0\"}\n  packs: {classic-cor: \"^0.1\"}")
  file(APPEND ${p}/cards/card.yaml "- name: Broken\n  types: Creature\n  powr: 1\n")
  file(CREATE_LINK /etc/passwd ${p}/cards/outside.txt SYMBOLIC)
  execute_process(COMMAND mkfifo ${p}/fifo)
  snapshot(before)
  run(1 "" pack validate ${p})
  foreach(regex IN ITEMS "outside\\.txt.*resolves outside the pack"
                         "fifo.*not a regular file"
                         "pack\\.yaml:[0-9]+:[0-9]+: error: .*plugin 'no-such-plugin'"
                         "pack\\.yaml:[0-9]+:[0-9]+: error: .*pack 'classic-cor'.*did you mean 'classic-core'"
                         "pack\\.yaml:[0-9]+:[0-9]+: error: the pack requires plugin 'format-yaml' in '\\^9\\.0' but the loaded version is 0\\."
                         "card\\.yaml:[0-9]+:[0-9]+: error: unknown key 'powr'")
    if(NOT last MATCHES "${regex}")
      message(FATAL_ERROR "validate did not report '${regex}'\n${report}")
    endif()
  endforeach()
  snapshot(after)
  if(NOT after STREQUAL before OR EXISTS ${packs})
    message(FATAL_ERROR "validate changed the home")
  endif()
  run(1 "'[^']*' is not installed \\([0-9]+ errors? above\\); nothing was changed" pack install ${p})
  if(EXISTS ${packs}/bad)
    message(FATAL_ERROR "a pack with errors was installed")
  endif()
  set(q ${WORK}/good)
  write_pack(${q} good 1.0.0)
  run(0 "good: 1 card, 0 errors" pack validate ${q})
  # A keyword from a plugin the manifest does not require: its version is never checked.
  file(WRITE ${q}/cards/bolt.txt "Bolt\nR\nInstant\nno text\nspDamageTgtCP:3\n")
  file(READ ${q}/pack.yaml manifest)
  string(REPLACE "cards: [cards/*.yaml]" "cards: [cards/*.yaml, cards/*.txt]" manifest "${manifest}")
  file(WRITE ${q}/pack.yaml "${manifest}")
  run(0 "bolt\\.txt:5:[0-9]+: warning: card 'Bolt' uses 'spDamageTgtCP:3' from plugin 'keyword-damage', which pack\\.yaml does not require" pack validate ${q})

elseif(CASE STREQUAL "TrustedPluginLoadsUntilItsLibraryChanges")
  set(lib ${packs}/good-native/1.0.0/lib/test-good.so)
  run(1 "ships native code \\(lib/test-good\\.so\\).*--trust" pack install ${NATIVE}/good-native)
  if(EXISTS ${packs}/good-native OR EXISTS ${WORK}/home/trust.yaml)
    message(FATAL_ERROR "an untrusted native pack was installed")
  endif()
  run(0 "good-native: 1 card, 0 errors, 0 warnings" pack validate ${NATIVE}/good-native --trust)
  run(0 "installed good-native 1\\.0\\.0.*trusted lib/test-good\\.so by sha256" pack install
      ${NATIVE}/good-native --trust)
  file(SHA256 ${lib} digest)
  file(READ ${WORK}/home/trust.yaml trust)
  if(NOT trust MATCHES "good-native.*lib/test-good\\.so.*${digest}")
    message(FATAL_ERROR "trust.yaml does not pin ${digest}:\n${trust}")
  endif()
  run(0 "test-good +[0-9.]+ +[0-9]+\\.[0-9]+ +.*home/packs/good-native/1\\.0\\.0/lib/test-good\\.so" plugins list)
  expect_no("warning")
  file(APPEND ${lib} "changed after install")
  run(0 "plugin file 'lib/test-good\\.so' is refused: it changed after it was trusted at install \\(trusted sha256 ${digest}, the file now has [0-9a-f]+\\)" plugins list)
  expect_no("test-good +[0-9]")
  run(0 "removed good-native 1\\.0\\.0" pack remove good-native)
  file(READ ${WORK}/home/trust.yaml trust)
  if(trust MATCHES "good-native" OR EXISTS ${packs}/good-native)
    message(FATAL_ERROR "remove left the pack or its trust behind:\n${trust}")
  endif()

elseif(CASE STREQUAL "APackWhosePluginChangedIsSkippedUnread")
  # A trusted pack whose library changed after install: the plugin is refused, and the pack's
  # cards and decks are not read (they would fail for its keywords), said once; the other packs
  # play on.
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/bears)
  file(APPEND ${WORK}/bears/pack.yaml "decks: [decks/*.yaml]\nrequires:\n  packs: {classic-core: \"*\"}\n")
  file(WRITE ${WORK}/bears/decks/bears.yaml "name: Native Bears\ncards:\n  - 24 Native Bear\n  - 16 Forest\n")
  run(0 "" pack install ${WORK}/bears --trust)
  run(0 "" sim --decks "good-native:Native Bears" --games 1 -j 1)
  file(APPEND ${packs}/good-native/1.0.0/lib/test-good.so "changed after install")
  run(1 "is refused: it changed after it was trusted.*warning: the cards and decks are not read: the pack's plugin lib/test-good\\.so is not loaded.*no deck named 'good-native:Native Bears'"
      sim --decks "good-native:Native Bears" --games 1 -j 1)
  run(0 "anvil: warning: pack 'good-native' 1\\.0\\.0 was skipped: its plugin lib/test-good\\.so is not loaded \\(the warning above says why\\), so its cards and decks are not read\n"
      sim --games 1 -j 1)

elseif(CASE STREQUAL "InstallAndListSayWhatIsUsedAndWhatIsUnmet")
  write_pack(${WORK}/base2 base 2.0.0)
  write_pack(${WORK}/base1 base 1.0.0)
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}")
  # An older version installs beside the higher one, which stays the one used.
  run(0 "" pack install ${WORK}/base1)
  run(0 "" pack install ${WORK}/user)
  run(0 "installed base 2\\.0\\.0" pack install ${WORK}/base2 --force)
  run(0 "" pack remove base --version 1.0.0 --force)
  run(0 "installed base 1\\.0\\.0 [^\n]*\nbase 2\\.0\\.0 stays the version used \\(the highest found\\); 1\\.0\\.0 is used by replays recorded with it, or once the higher versions are removed \\(anvil pack remove base --version 2\\.0\\.0\\)"
      pack install ${WORK}/base1)
  # A requirement left unmet by a forced remove shows in the listing, not only in 'pack show'.
  run(0 "" pack remove base --force)
  run(0 "user/1\\.0\\.0/pack\\.yaml:[0-9]+:[0-9]+: error: [^\n]*'base'" pack list)
  run(0 "\"errors\": \\[[ \n]*\"[^\"]*requires pack 'base' \\(\\^1\\.0\\), which is not installed\"[ \n]*\\],[ \n]*\"name\": \"user\""
      pack list --json)
  # A sha256 of zeros is a placeholder to fill in, not a library that changed.
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/zeros)
  file(READ ${WORK}/zeros/pack.yaml manifest)
  string(REGEX REPLACE "sha256: [0-9a-f]+" "sha256: 0000000000000000000000000000000000000000000000000000000000000000" manifest "${manifest}")
  file(WRITE ${WORK}/zeros/pack.yaml "${manifest}")
  file(SHA256 ${WORK}/zeros/lib/test-good.so digest)
  run(1 "pack\\.yaml's sha256 is a placeholder of zeros; fill in the file's digest, ${digest} \\(sha256sum lib/test-good\\.so\\)"
      pack validate ${WORK}/zeros --trust)
  expect_no("changed after the pack was made")

elseif(CASE STREQUAL "RemoveRefusesWhileAnotherPackRequiresIt")
  write_pack(${WORK}/base base 1.0.0)
  write_pack(${WORK}/base15 base 1.5.0)
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}")
  run(0 "" pack install ${WORK}/base)
  run(0 "" pack install ${WORK}/base15)
  run(0 "" pack install ${WORK}/user)
  run(1 "'base' is not removed: other packs require it:.*user 1\\.0\\.0 \\(requires base \\^1\\.0" pack remove base)
  run(1 "no installed pack 'base' version 3\\.0\\.0" pack remove base --version 3.0.0)
  # 1.5.0 stays and satisfies ^1.0.
  run(0 "removed base 1\\.0\\.0" pack remove base --version 1.0.0)
  run(1 "other packs require it" pack remove base --version 1.5.0)
  run(0 "removed base 1\\.5\\.0.*removed with --force" pack remove base --force)
  if(EXISTS ${packs}/base)
    message(FATAL_ERROR "remove left ${packs}/base")
  endif()

elseif(CASE STREQUAL "ListSaysTheInstalledHigherVersionIsUsed")
  write_pack(${WORK}/demo demo-basics 9.0.0)
  run(0 "" pack install ${WORK}/demo)
  run(0 "demo-basics +0\\.1\\.0 +classic +no +bundled.*demo-basics +9\\.0\\.0 +classic +yes +installed" pack list)
  run(0 "demo-basics 9\\.0\\.0" pack show demo-basics)
  run(0 "removed" pack remove demo-basics)
  run(0 "demo-basics +0\\.1\\.0 +classic +yes +bundled" pack list)

elseif(CASE STREQUAL "ACardDefinedTwiceIsReportedInTheFolderGiven")
  # user redefines base's card: the error is at the card in the folder given (not the staging
  # copy install checks), and says where base defines it.
  write_pack(${WORK}/base base 1.0.0)
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}")
  file(WRITE ${WORK}/user/cards/card.yaml
       "- name: base Bear\n  types: Creature — Bear\n  power: 2\n  toughness: 2\n")
  run(0 "" pack install ${WORK}/base)
  run(1 "${WORK}/user/cards/card\\.yaml:1:3: error: card 'base Bear' is defined twice"
      pack install ${WORK}/user)
  expect_no("\\.staging-")
  run(1 "${WORK}/user/cards/card\\.yaml:1:3: error: card 'base Bear' is defined twice"
      pack validate ${WORK}/user)

elseif(CASE STREQUAL "TrustedPackWithAPluginUpgrades")
  # 1.0.1 ships the same plugin as the installed 1.0.0: install checks it with its own copy loaded
  # (not both), and the higher version's plugin is the one loaded afterwards.
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/up)
  file(READ ${WORK}/up/pack.yaml manifest)
  string(REPLACE "version: 1.0.0" "version: 1.0.1" manifest "${manifest}")
  file(WRITE ${WORK}/up/pack.yaml "${manifest}")
  run(0 "installed good-native 1\\.0\\.0" pack install ${NATIVE}/good-native --trust)
  run(0 "good-native: 1 card, 0 errors, 0 warnings" pack validate ${WORK}/up --trust)
  run(0 "installed good-native 1\\.0\\.1 .*trusted lib/test-good\\.so" pack install ${WORK}/up
      --trust)
  expect_no("\\.staging-|already loaded")
  run(0 "test-good .*home/packs/good-native/1\\.0\\.1/lib/test-good\\.so" plugins list)
  expect_no("warning")
  # Another pack shipping the same plugin cannot load beside it: said so of the folder given.
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/other)
  string(REPLACE "name: good-native" "name: other-native" manifest "${manifest}")
  file(WRITE ${WORK}/other/pack.yaml "${manifest}")
  run(1 "${WORK}/other/pack\\.yaml:[0-9]+:[0-9]+: error: plugin file 'lib/test-good\\.so' cannot be loaded: its plugin 'test-good' is already loaded from .*good-native/1\\.0\\.1/lib/test-good\\.so, and a plugin name loads only once"
      pack install ${WORK}/other --trust)
  expect_no("\\.staging-|plugin directories")

elseif(CASE STREQUAL "FailedTrustedInstallLeavesNoTrustRecord")
  # The install fails at its last step ($ANVIL_HOME/packs/good-native is a file): trust.yaml must
  # not trust the pack, or a copy put in by hand would have its plugin loaded.
  file(WRITE ${packs}/good-native "in the way\n")
  run(1 "cannot move the pack into .*good-native/1\\.0\\.0.*nothing was changed" pack install
      ${NATIVE}/good-native --trust)
  expect_no("filesystem error")
  if(EXISTS ${WORK}/home/trust.yaml)
    file(READ ${WORK}/home/trust.yaml trust)
    if(trust MATCHES "good-native")
      message(FATAL_ERROR "a failed install left its trust record:\n${trust}")
    endif()
  endif()
  file(REMOVE ${packs}/good-native)
  file(COPY ${NATIVE}/good-native/ DESTINATION ${packs}/good-native/1.0.0)
  run(0 "plugin file 'lib/test-good\\.so' is not loaded: it is not trusted" plugins list)
  expect_no("test-good +[0-9]")
  file(REMOVE_RECURSE ${packs}/good-native)
  # The same when the install is killed at the rename that installs it (under AddressSanitizer
  # the preloaded library comes before the ASan runtime: allowed, as in the case above).
  set(saved_asan "$ENV{ASAN_OPTIONS}")
  set(ENV{LD_PRELOAD} ${KILL_SHIM})
  set(ENV{ANVIL_TEST_KILL_AT_RENAME_TO} "/packs/good-native/1.0.0")
  set(ENV{ASAN_OPTIONS} "${saved_asan}:verify_asan_link_order=0")
  execute_process(COMMAND ${ANVIL} pack install ${NATIVE}/good-native --trust
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  unset(ENV{LD_PRELOAD})
  unset(ENV{ANVIL_TEST_KILL_AT_RENAME_TO})
  set(ENV{ASAN_OPTIONS} "${saved_asan}")
  if(NOT status MATCHES "[Kk]illed|^9$|^137$")
    message(FATAL_ERROR "the install was to be killed at its final rename, but ended with '${status}'")
  endif()
  if(EXISTS ${WORK}/home/trust.yaml)
    file(READ ${WORK}/home/trust.yaml trust)
    if(trust MATCHES "good-native")
      message(FATAL_ERROR "a killed install left its trust record:\n${trust}")
    endif()
  endif()

elseif(CASE STREQUAL "UnreadableTrustFileIsNeverRewritten")
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/up)
  file(READ ${WORK}/up/pack.yaml manifest)
  string(REPLACE "version: 1.0.0" "version: 1.0.1" manifest "${manifest}")
  file(WRITE ${WORK}/up/pack.yaml "${manifest}")
  run(0 "" pack install ${NATIVE}/good-native --trust)
  file(APPEND ${WORK}/home/trust.yaml "- pack: \"zz\"\n  file: [oops\n")
  file(READ ${WORK}/home/trust.yaml damaged)
  run(0 "trust\\.yaml:[0-9]+:[0-9]+: .*trust\\.yaml cannot be read, so the plugins of installed packs it records are not trusted" plugins list)
  expect_no("test-good +[0-9]")
  run(1 "trust\\.yaml:[0-9]+:[0-9]+: .*'good-native' is not removed: .*trust\\.yaml cannot be read.*nothing was changed"
      pack remove good-native)
  run(1 "trust\\.yaml:[0-9]+:[0-9]+: .*trust\\.yaml cannot be read.*good-native 1\\.0\\.1 is not installed; nothing was changed"
      pack install ${WORK}/up --trust)
  file(READ ${WORK}/home/trust.yaml after)
  if(NOT after STREQUAL damaged OR NOT EXISTS ${packs}/good-native/1.0.0
     OR EXISTS ${packs}/good-native/1.0.1)
    message(FATAL_ERROR "a damaged trust.yaml was rewritten, or the packs changed:\n${after}")
  endif()
  # Bytes that are no YAML at all are as clearly reported.
  string(ASCII 1 2 200 201 255 250 91 123 10 garbage)
  file(WRITE ${WORK}/home/trust.yaml "${garbage}")
  run(0 "trust\\.yaml cannot be read" plugins list)

elseif(CASE STREQUAL "RemoveWaitsForTheInstallLock")
  # While another install or remove holds $ANVIL_HOME/install.lock, remove does not touch the
  # packs or trust.yaml: the holder sees the pack still there a second later.
  run(0 "" pack install ${NATIVE}/good-native --trust)
  file(WRITE ${WORK}/hold.sh
       "sleep 1.5\n"
       "if [ -d \"$1/packs/good-native\" ]; then echo kept > \"$1/marker\"; fi\n")
  file(WRITE ${WORK}/race.sh
       "flock \"$1/install.lock\" sh \"$3\" \"$1\" &\n"
       "sleep 0.3\n"
       "\"$2\" pack remove good-native\n"
       "wait\n")
  execute_process(COMMAND sh ${WORK}/race.sh ${WORK}/home ${ANVIL} ${WORK}/hold.sh
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT EXISTS ${WORK}/home/marker OR EXISTS ${packs}/good-native)
    message(FATAL_ERROR "remove did not wait for the lock, or did not remove:\n${out}${err}")
  endif()
  file(READ ${WORK}/home/trust.yaml trust)
  if(trust MATCHES "good-native")
    message(FATAL_ERROR "remove left the trust record:\n${trust}")
  endif()

elseif(CASE STREQUAL "PackFolderHoldingTheHomeIsRefused")
  write_pack(${WORK}/pk pk 1.0.0)
  set(ENV{ANVIL_HOME} ${WORK}/pk/home)
  run(1 "holds \\$ANVIL_HOME .*nothing was changed" pack install ${WORK}/pk)
  expect_no("\\.staging-|filesystem error")
  if(EXISTS ${WORK}/pk/home)
    message(FATAL_ERROR "the refused install created ${WORK}/pk/home")
  endif()

elseif(CASE STREQUAL "RefusedFirstInstallLeavesNoHome")
  write_pack(${WORK}/bad bad 1.0.0 "extra: 1")
  run(1 "nothing was changed" pack install ${WORK}/bad)
  snapshot(after)
  if(NOT after STREQUAL "")
    message(FATAL_ERROR "a refused first install left ${after} in ${WORK}/home")
  endif()
  # Nor does it leave the home it had to make, or the folders above it.
  set(ENV{ANVIL_HOME} ${WORK}/new/home)
  run(1 "nothing was changed" pack install ${WORK}/bad)
  if(EXISTS ${WORK}/new)
    message(FATAL_ERROR "a refused first install created ${WORK}/new")
  endif()
  set(ENV{ANVIL_HOME} ${WORK}/home-file)
  file(WRITE ${WORK}/home-file "a file\n")
  write_pack(${WORK}/good good 1.0.0)
  run(1 "cannot install into .*home-file/packs: .*\\$ANVIL_HOME.*nothing was changed" pack install
      ${WORK}/good)
  expect_no("filesystem error")

elseif(CASE STREQUAL "RemoveOfALinkedPackSaysItIsALink")
  # packs/lk is a symlink to a folder elsewhere: list shows it, remove must say why it will not
  # remove it (and delete nothing where the link leads).
  write_pack(${WORK}/elsewhere/1.0.0 lk 1.0.0)
  file(MAKE_DIRECTORY ${packs})
  file(CREATE_LINK ${WORK}/elsewhere ${packs}/lk SYMBOLIC)
  run(0 "lk +1\\.0\\.0 .*installed" pack list)
  run(1 "'lk' in .*packs leads through a symlink to .*elsewhere/1\\.0\\.0, outside it.*remove the link itself"
      pack remove lk)
  if(NOT EXISTS ${WORK}/elsewhere/1.0.0/pack.yaml)
    message(FATAL_ERROR "remove deleted what the link leads to")
  endif()

elseif(CASE STREQUAL "FirstInstallTakesTheLockBeforeStaging")
  # While another install or remove holds the lock, a first install makes nothing: two first
  # installs each made $ANVIL_HOME/packs and a staging folder in it before waiting, and the one
  # refused removed packs/ under the other's feet.
  write_pack(${WORK}/pk pk 1.0.0)
  file(WRITE ${WORK}/hold.sh
       "sleep 1.5\n"
       "if [ -e \"$1/packs\" ]; then echo made > \"$2/marker\"; fi\n")
  file(WRITE ${WORK}/race.sh
       "flock \"$1/install.lock\" sh \"$3\" \"$1\" \"$4\" &\n"
       "sleep 0.3\n"
       "\"$2\" pack install \"$4/pk\"\n"
       "wait\n")
  execute_process(COMMAND sh ${WORK}/race.sh ${WORK}/home ${ANVIL} ${WORK}/hold.sh ${WORK}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(EXISTS ${WORK}/marker)
    message(FATAL_ERROR "the install made $ANVIL_HOME/packs before it held the lock:\n${out}${err}")
  endif()
  if(NOT EXISTS ${packs}/pk/1.0.0/pack.yaml)
    message(FATAL_ERROR "the install did not install once the lock was free:\n${out}${err}")
  endif()
  # Installs from no home at all, at once: each ends as if run alone, the lock file removed.
  set(ENV{ANVIL_HOME} ${WORK}/fresh/home)
  foreach(i RANGE 1 6)
    write_pack(${WORK}/p${i} p${i} 1.0.0)
  endforeach()
  file(WRITE ${WORK}/fresh.sh
       "for i in 1 2 3 4 5 6; do\n"
       "  (\"$1\" pack install \"$2/p$i\" > \"$2/fresh-out$i\" 2>&1; echo $? > \"$2/fresh-status$i\") &\n"
       "done\n"
       "wait\n")
  execute_process(COMMAND sh ${WORK}/fresh.sh ${ANVIL} ${WORK})
  foreach(i RANGE 1 6)
    file(READ ${WORK}/fresh-status${i} status)
    file(READ ${WORK}/fresh-out${i} out)
    if(NOT status EQUAL 0 OR NOT EXISTS ${WORK}/fresh/home/packs/p${i}/1.0.0/pack.yaml)
      message(FATAL_ERROR "install ${i} of six at once from no home failed:\n${out}")
    endif()
  endforeach()
  if(EXISTS ${WORK}/fresh/home/install.lock)
    message(FATAL_ERROR "the installs left their lock file behind")
  endif()

elseif(CASE STREQUAL "RemoveSaysWhatIsInstalled")
  # A malformed --version, a version not installed, a misspelt name: each says what is wrong and
  # what is installed, and removes nothing.
  write_pack(${WORK}/fen fen-pack 1.0.0)
  run(0 "" pack install ${WORK}/fen)
  write_pack(${WORK}/fen2 fen-pack 1.2.0)
  run(0 "" pack install ${WORK}/fen2)
  run(1 "--version 'banana' is not a version: write MAJOR\\.MINOR\\.PATCH, e\\.g\\. 1\\.0\\.0; the installed versions of 'fen-pack' are 1\\.0\\.0, 1\\.2\\.0\n"
      pack remove fen-pack --version banana)
  run(1 "no installed pack 'fen-pack' version 2\\.0\\.0 in [^\n]*/packs; the installed versions are 1\\.0\\.0, 1\\.2\\.0\n"
      pack remove fen-pack --version 2.0.0)
  run(1 "no installed pack 'fen-pak' in [^\n]*/packs; did you mean 'fen-pack'\\?\n" pack remove fen-pak)
  run(1 "no installed pack 'zzz' in [^\n]*/packs \\(the installed packs are fen-pack\\)\n"
      pack remove zzz)
  if(NOT EXISTS ${packs}/fen-pack/1.0.0 OR NOT EXISTS ${packs}/fen-pack/1.2.0)
    message(FATAL_ERROR "a refused remove removed a version")
  endif()

elseif(CASE STREQUAL "ListShowsAnUnreadableVersionAsUnknown")
  # A version pack.yaml does not give readably is not shown as 0.0.0, a version it could have:
  # '?' in the table (null in JSON), and the reason on stderr. A pack that says 0.0.0 shows it.
  write_pack(${packs}/odd/x odd banana)
  write_pack(${packs}/zero/0.0.0 zero 0.0.0)
  run(0 "pack\\.yaml:2:[0-9]+: error: version 'banana' is not a semantic version" pack list)
  if(NOT last MATCHES "\nodd +\\? +classic " OR NOT last MATCHES "\nzero +0\\.0\\.0 +classic ")
    message(FATAL_ERROR "the unreadable version is not shown as '?':\n${report}")
  endif()
  expect_no("odd +0\\.0\\.0")
  run(0 "\"name\": \"odd\",[^}]*\"version\": null" pack list --json)
  if(NOT last MATCHES "\"name\": \"zero\",[^}]*\"version\": \"0\\.0\\.0\"")
    message(FATAL_ERROR "a pack that says 0.0.0 should show it:\n${report}")
  endif()

elseif(CASE STREQUAL "AnUnreadableVersionIsNeverShownOrRemovedAsZero")
  # A pack copied by hand into the store with a version pack.yaml does not give readably: every
  # command shows '?', never the 0.0.0 that stands in for it, and remove finds it by the
  # version folder it is installed in, not by 0.0.0.
  write_pack(${packs}/odd/1.0.0 odd banana)
  run(1 "^odd \\?\n" pack show odd)
  run(1 "\"name\": \"odd\",[^}]*\"version\": null" pack show odd --json)
  run(1 "\"version\": null" pack validate ${packs}/odd/1.0.0 --json)
  run(0 "warning: pack 'odd' \\? was skipped" sim --games 1 -j 1)
  expect_no("pack 'odd' 0\\.0\\.0")
  run(1 "no installed pack 'odd' version 0\\.0\\.0 in [^\n]*/packs; the installed versions are 1\\.0\\.0\n"
      pack remove odd --version 0.0.0)
  if(NOT EXISTS ${packs}/odd/1.0.0)
    message(FATAL_ERROR "--version 0.0.0 removed a pack that is not 0.0.0:\n${report}")
  endif()
  run(0 "^removed odd 1\\.0\\.0 " pack remove odd --version 1.0.0)
  if(EXISTS ${packs}/odd)
    message(FATAL_ERROR "the pack was not removed:\n${report}")
  endif()
  # A pack that says 0.0.0 is shown so, and removed by it.
  write_pack(${packs}/zero/0.0.0 zero 0.0.0)
  run(0 "^zero 0\\.0\\.0\n" pack show zero)
  run(0 "^removed zero 0\\.0\\.0 " pack remove zero --version 0.0.0)

elseif(CASE STREQUAL "ACardDefinedByARequiredPackIsLeftOutOfTheCount")
  # Each card user defines that base defines too is an error at the card, and is not counted,
  # as a card with an error is not (docs/cli.md, `pack show`).
  write_pack(${WORK}/base base 1.0.0)
  file(APPEND ${WORK}/base/cards/card.yaml
       "- name: Cub\n  types: Creature — Bear\n  power: 1\n  toughness: 1\n")
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}")
  file(APPEND ${WORK}/user/cards/card.yaml
       "- name: base Bear\n  types: Creature — Bear\n  power: 2\n  toughness: 2\n"
       "- name: Cub\n  types: Creature — Bear\n  power: 1\n  toughness: 1\n")
  run(0 "" pack install ${WORK}/base)
  run(1 "user: 1 card, 2 errors, 0 warnings\n" pack validate ${WORK}/user)
  if(NOT last MATCHES "card\\.yaml:5:3: error: card 'base Bear' is defined twice"
     OR NOT last MATCHES "card\\.yaml:9:3: error: card 'Cub' is defined twice")
    message(FATAL_ERROR "each card defined twice should be an error at it:\n${report}")
  endif()
  run(1 "\"cards\": 1," pack show ${WORK}/user --json)

elseif(CASE STREQUAL "ParallelInstallsOfOnePluginNameEndAsOneAfterAnother")
  # Six packs that ship a plugin of the same name, installed at once: one is installed and the
  # others are refused, as each would be after it. They start while the lock is held, so that
  # they queue for it: a check made before taking it would see none of the others installed.
  file(READ ${NATIVE}/good-native/pack.yaml manifest)
  foreach(i RANGE 1 6)
    file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/n${i})
    string(REPLACE "name: good-native" "name: native-${i}" m "${manifest}")
    file(WRITE ${WORK}/n${i}/pack.yaml "${m}")
  endforeach()
  file(WRITE ${WORK}/race.sh
       "flock \"$1/install.lock\" sleep 3 &\n"
       "sleep 0.3\n"
       "for i in 1 2 3 4 5 6; do\n"
       "  (\"$2\" pack install --trust \"$3/n$i\" > \"$3/out$i\" 2>&1; echo $? > \"$3/status$i\") &\n"
       "done\n"
       "wait\n")
  execute_process(COMMAND sh ${WORK}/race.sh ${WORK}/home ${ANVIL} ${WORK})
  set(installed "")
  foreach(i RANGE 1 6)
    file(READ ${WORK}/status${i} status)
    if(status EQUAL 0)
      list(APPEND installed ${i})
    endif()
  endforeach()
  list(LENGTH installed count)
  if(NOT count EQUAL 1)
    message(FATAL_ERROR "${count} of the six installs succeeded (${installed}), not one")
  endif()
  foreach(i RANGE 1 6)
    file(READ ${WORK}/out${i} out)
    if(i EQUAL installed)
      if(NOT out MATCHES "installed native-${i} 1\\.0\\.0")
        message(FATAL_ERROR "install ${i}:\n${out}")
      endif()
    elseif(NOT out MATCHES "${WORK}/n${i}/pack\\.yaml:[0-9]+:[0-9]+: error: plugin file 'lib/test-good\\.so' cannot be loaded: its plugin 'test-good' is already loaded from [^ ]*/packs/native-${installed}/1\\.0\\.0/lib/test-good\\.so"
           OR EXISTS ${packs}/native-${i})
      message(FATAL_ERROR "install ${i} was not refused for native-${installed}'s plugin:\n${out}")
    endif()
  endforeach()
  file(READ ${WORK}/home/trust.yaml trust)
  if(NOT trust MATCHES "native-${installed}" OR trust MATCHES "native-[^${installed}]")
    message(FATAL_ERROR "trust.yaml does not trust native-${installed} alone:\n${trust}")
  endif()

elseif(CASE STREQUAL "InstallChecksAgainstTheRemoveBeforeIt")
  # user requires base; base is removed (by hand, under the lock, as 'pack remove' does) while
  # the install of user waits for the lock: the install is refused as it would be after it.
  write_pack(${WORK}/base base 1.0.0)
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}")
  run(0 "" pack install ${WORK}/base)
  file(WRITE ${WORK}/hold.sh "sleep 1.5\nrm -r \"$1/packs/base\"\n")
  file(WRITE ${WORK}/race.sh
       "flock \"$1/install.lock\" sh \"$3\" \"$1\" &\n"
       "sleep 0.3\n"
       "\"$2\" pack install \"$4\"\n"
       "echo \"exit status $?\"\n"
       "wait\n")
  execute_process(COMMAND sh ${WORK}/race.sh ${WORK}/home ${ANVIL} ${WORK}/hold.sh ${WORK}/user
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT err MATCHES "user/pack\\.yaml:[0-9]+:[0-9]+: error: the pack requires pack 'base' \\(\\^1\\.0\\), which is not installed"
     OR NOT out MATCHES "exit status 1" OR EXISTS ${packs}/user)
    message(FATAL_ERROR "user was installed without the base it requires:\n${out}${err}")
  endif()

elseif(CASE STREQUAL "ASymlinkToAFolderIsRefusedByValidateAsByInstall")
  write_pack(${WORK}/sl sl 1.0.0)
  file(CREATE_LINK cards ${WORK}/sl/more SYMBOLIC)
  set(refused "${WORK}/sl/more: error: is a symlink to a folder; packs may hold symlinks to files only")
  run(1 "^sl: 1 card, 1 error.*${refused}" pack validate ${WORK}/sl)
  run(1 "${refused}.*nothing was changed" pack install ${WORK}/sl)
  if(EXISTS ${packs})
    message(FATAL_ERROR "the refused install left ${packs}")
  endif()

elseif(CASE STREQUAL "InstallRefusesAVersionThatAnotherPackDoesNotAccept")
  # user requires base ^1.0: base 2.0.0 would be the base it gets (the highest is used), so it is
  # refused unless forced; and once forced, show, sim and remove all say user misses its base.
  write_pack(${WORK}/base09 base 0.9.0)
  write_pack(${WORK}/base1 base 1.0.0)
  write_pack(${WORK}/base2 base 2.0.0)
  write_pack(${WORK}/user user 1.0.0 "requires:\n  packs: {base: \"^1.0\"}\ndecks: [decks/*.yaml]")
  file(WRITE ${WORK}/user/decks/u.yaml "name: U\ncards:\n  - 20 user Bear\n  - 20 base Bear\n")
  run(0 "" pack install ${WORK}/base1)
  run(0 "" pack install ${WORK}/user)
  snapshot(before)
  run(1 "base 2\\.0\\.0 is not installed: other packs require another version of 'base', and would get this one:\n  user 1\\.0\\.0 \\(requires base \\^1\\.0, [^)]*/user/1\\.0\\.0\\)\n.*--force; nothing was changed"
      pack install ${WORK}/base2)
  snapshot(after)
  if(NOT after STREQUAL before)
    message(FATAL_ERROR "the refused install changed the home:\n${before}\n->\n${after}")
  endif()
  run(0 "installed base 0\\.9\\.0" pack install ${WORK}/base09)  # not used: user keeps 1.0.0
  expect_no("warning")
  run(0 "installed base 2\\.0\\.0.*warning: installed with --force; these packs now miss base in the versions they require:\n  user 1\\.0\\.0 \\(requires base \\^1\\.0"
      pack install ${WORK}/base2 --force)
  set(misses "user/1\\.0\\.0/pack\\.yaml:8:[0-9]+: error: the pack requires pack 'base' in '\\^1\\.0' but the version used \\(the highest found\\) is 2\\.0\\.0; 0\\.9\\.0, 1\\.0\\.0 are found too, not used")
  run(1 "${misses}" pack show user)
  run(1 "${misses}" sim --decks user:U,user:U --games 1)
  # Removing 2.0.0 gives user its 1.0.0 again; removing 1.0.0 then would leave it 0.9.0.
  run(0 "removed base 2\\.0\\.0" pack remove base --version 2.0.0)
  run(0 "" pack show user)
  expect_no("error")
  run(0 "1 game" sim --decks user:U,user:U --games 1)
  run(1 "'base' is not removed: other packs require it:\n  user 1\\.0\\.0 \\(requires base \\^1\\.0"
      pack remove base --version 1.0.0)

elseif(CASE STREQUAL "ANulByteInAManifestOrACardIsAnErrorWhereItIs")
  # yaml-cpp read a NUL as an unknown escape, or kept it inside a key or a value.
  write_pack(${WORK}/nul nul 1.0.0)
  execute_process(COMMAND printf "- name: nul Bear\\n  types: Creature \\000 Bear\\n  power: 2\\n  toughness: 2\\n"
                  OUTPUT_FILE ${WORK}/nul/cards/card.yaml)
  run(1 "nul/cards/card\\.yaml:2:19: error: a NUL byte \\(0x00\\) after '  types: Creature '; text files hold none"
      pack validate ${WORK}/nul)
  execute_process(COMMAND printf "name: nul\\nversion: 1.0.0\\ndescription: A te\\000st pack\\n"
                  OUTPUT_FILE ${WORK}/nul/pack.yaml)
  run(1 "nul/pack\\.yaml:3:18: error: a NUL byte \\(0x00\\) after 'description: A te'"
      pack validate ${WORK}/nul)
  expect_no("escape")
  run(1 "nul/pack\\.yaml:3:18: error: a NUL byte.*nothing was changed" pack install ${WORK}/nul)
  # The same in a card file of another format, whose loader would keep it in a name.
  write_pack(${WORK}/txt txt 1.0.0)
  file(READ ${WORK}/txt/pack.yaml manifest)
  string(REPLACE "cards: [cards/*.yaml]" "cards: [cards/*.yaml, cards/*.txt]" manifest "${manifest}")
  file(WRITE ${WORK}/txt/pack.yaml "${manifest}")
  execute_process(COMMAND printf "Bo\\000lt\\nR\\nInstant\\nno text\\nspDamageTgtCP:3\\n"
                  OUTPUT_FILE ${WORK}/txt/cards/bolt.txt)
  run(1 "txt/cards/bolt\\.txt:1:3: error: a NUL byte \\(0x00\\) after 'Bo'" pack validate ${WORK}/txt)

elseif(CASE STREQUAL "ATruncatedPluginInAPackIsSaidToBeTruncated")
  file(COPY ${NATIVE}/good-native/ DESTINATION ${WORK}/cut)
  execute_process(COMMAND head -c 3000 ${NATIVE}/good-native/lib/test-good.so
                  OUTPUT_FILE ${WORK}/cut/lib/test-good.so)
  file(SHA256 ${WORK}/cut/lib/test-good.so digest)  # its digest: only the truncation is wrong
  file(READ ${WORK}/cut/pack.yaml manifest)
  string(REGEX REPLACE "sha256: [0-9a-f]+" "sha256: ${digest}" manifest "${manifest}")
  file(WRITE ${WORK}/cut/pack.yaml "${manifest}")
  set(cut "cut/pack\\.yaml:[0-9]+:[0-9]+: error: plugin file 'lib/test-good\\.so' cannot be loaded: [^\n]*test-good\\.so\\): is truncated: it has 3000 bytes, and its ELF header says it spans at least [0-9]+; fix: copy or build the library again")
  run(1 "${cut}" pack validate ${WORK}/cut --trust)
  expect_no("iostream error")
  run(1 "${cut}.*nothing was changed" pack install ${WORK}/cut --trust)

elseif(CASE STREQUAL "ARequirementCycleIsAnErrorNamingTheCycle")
  write_pack(${WORK}/dirs/a a 2.0.0 "requires:\n  packs: {b: \">=1.0\"}")
  write_pack(${WORK}/dirs/b b 1.0.0 "requires:\n  packs: {a: \">=1.0\"}")
  set(cycle "a/pack\\.yaml:8:15: error: the pack requires itself through pack 'b': a -> b -> a; packs cannot require each other in a cycle")
  run(1 "${cycle}" --pack-dir ${WORK}/dirs pack validate ${WORK}/dirs/a)
  run(1 "${cycle}" --pack-dir ${WORK}/dirs pack show a)
  # Installed one at a time, the cycle is closed by the version that makes it.
  write_pack(${WORK}/a1 a 1.0.0)
  run(0 "" pack install ${WORK}/a1)
  run(0 "" pack install ${WORK}/dirs/b)
  run(1 "dirs/a/pack\\.yaml:8:15: error: the pack requires itself through pack 'b': a -> b -> a;.*nothing was changed"
      pack install ${WORK}/dirs/a)

elseif(CASE STREQUAL "RemoveOfABundledPackSaysItIsBundled")
  run(1 "'demo-basics' 0\\.1\\.0 is bundled with anvil \\([^)]*demo-basics\\) and cannot be removed"
      pack remove demo-basics)
  run(1 "is bundled with anvil" pack remove demo-basics --version 0.1.0)
  run(1 "no installed pack 'demo-basics' version 9\\.9\\.9" pack remove demo-basics --version 9.9.9)

elseif(CASE STREQUAL "AManifestGivenForItsFolderIsRefusedNamingTheFolder")
  write_pack(${WORK}/p p 1.0.0)
  set(give "is a pack's manifest, not its folder: give the folder that holds pack\\.yaml \\(${WORK}/p\\)")
  run(1 "'${WORK}/p/pack\\.yaml' ${give}" pack validate ${WORK}/p/pack.yaml)
  run(1 "'${WORK}/p/pack\\.yaml' ${give}; nothing was changed" pack install ${WORK}/p/pack.yaml)
  expect_no("archive")
  run(1 "${WORK}/p/pack\\.yaml: error: ${give}" pack show ${WORK}/p/pack.yaml)
  expect_no("pack\\.yaml/pack\\.yaml")
  run(1 "\"errors\": \\[[ \n]*\"${WORK}/p/pack\\.yaml: ${give}" pack show ${WORK}/p/pack.yaml --json)
  if(EXISTS ${packs})
    message(FATAL_ERROR "a refused install created ${packs}")
  endif()

elseif(CASE STREQUAL "ATokenNoPackDefinesIsAnErrorAtItsName")
  # A card whose GenToken names a card that neither its pack nor the packs it requires define:
  # validate says so where the name is written, with a did-you-mean; install installs nothing;
  # no game is played with the pack. A token of a required pack is no error.
  set(call "- name: Goblin Call\n  cost: \"{R}\"\n  types: Sorcery\n  abilities:\n")
  set(goblin_token "- name: Goblin Token\n  types: Creature — Goblin\n  power: 1\n  toughness: 1\n  token: true\n")
  write_pack(${WORK}/games/typo typo 1.0.0 "decks: [decks/*.yaml]")
  file(APPEND ${WORK}/games/typo/cards/card.yaml "${goblin_token}" "${call}"
       "    - \"spDamageTgtCP:1:Drawback$YouGenToken/1/Goblin Tokn\"\n")
  file(WRITE ${WORK}/games/typo/decks/goblins.yaml "name: Goblin Calls\ncards:\n  - 40 Goblin Call\n")
  set(at "${WORK}/games/typo/cards/card\\.yaml:14:47: error: card 'Goblin Call': ")
  run(1 "${at}no card named 'Goblin Tokn' is in this pack; did you mean 'Goblin Token'\\?\n"
      pack validate ${WORK}/games/typo)
  run(1 "is not installed \\([0-9]+ errors? above\\); nothing was changed" pack install
      ${WORK}/games/typo)
  if(EXISTS ${packs}/typo)
    message(FATAL_ERROR "a pack whose card names no card was installed:\n${report}")
  endif()
  run(1 "pack 'typo' did not load" --pack-dir ${WORK}/games sim --decks "typo:Goblin Calls,Goblin Burn"
      --games 1)
  expect_no("GenToken")  # said before any game, not by one

  write_pack(${WORK}/tokens tokens 1.0.0)
  file(APPEND ${WORK}/tokens/cards/card.yaml "${goblin_token}")
  write_pack(${WORK}/maker maker 1.0.0 "requires:\n  packs: {tokens: \"^1.0\"}"
             "  plugins: {keyword-damage: \"^0.1\", effect-drawback: \"^0.1\"}")
  file(APPEND ${WORK}/maker/cards/card.yaml "${call}"
       "    - \"spDamageTgtCP:1:Drawback$YouGenToken/1/Goblin Token\"\n"
       "- name: Goblin Cal\n  cost: \"{R}\"\n  types: Sorcery\n  abilities:\n"
       "    - \"spDamageTgtCP:1:Drawback$YouGenToken/1/Goblin Tokn\"\n")
  run(0 "" pack install ${WORK}/tokens)
  run(1 "^maker: 2 cards, 1 error, 0 warnings\n[^\n]*maker/cards/card\\.yaml:14:47: error: card 'Goblin Cal': no card named 'Goblin Tokn' is in this pack or the packs it requires; did you mean 'Goblin Token'\\?\n"
      pack validate ${WORK}/maker)
  file(WRITE ${WORK}/maker/cards/card.yaml
       "- name: maker Bear\n  types: Creature — Bear\n  power: 2\n  toughness: 2\n" "${call}"
       "    - \"spDamageTgtCP:1:Drawback$YouGenToken/1/Goblin Token\"\n")
  run(0 "installed maker 1\\.0\\.0 \\(2 cards\\)" pack install ${WORK}/maker)

else()
  message(FATAL_ERROR "unknown CASE '${CASE}'")
endif()
